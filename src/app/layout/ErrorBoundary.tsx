import { Component, type ReactNode } from 'react';
import { AppError } from './AppError.tsx';

interface Props {
  readonly children: ReactNode;
  /** A new value (the next screen) clears a caught error. */
  readonly resetKey?: string;
}

interface State {
  readonly failed: boolean;
  readonly resetKey: string | undefined;
}

/** Shows the translated apology instead of a screen that threw; React has no hook for this. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <AppError /> : this.props.children;
  }
}
