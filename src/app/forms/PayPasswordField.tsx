import { TextField, type TextFieldProps } from './TextField.tsx';

/** The six-digit pay password a money action asks for: hidden, on the number pad, never autofilled. */
export function PayPasswordField(props: Omit<TextFieldProps, 'name' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <TextField {...props} name="payPassword" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />;
}
