import { useAtom } from '../../state/atomHooks.ts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { THEME_CHOICES, themeChoiceAtom, type ThemeChoice } from '../../state/theme.ts';

/** Settings row: follow the phone, or pin light or dark (stored on this device). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useAtom(themeChoiceAtom);
  return (
    <div className="menu__item menu__item--control">
      <label htmlFor={id}>{t('my.theme')}</label>
      <select id={id} className="menu__select" value={choice} onChange={(e) => setChoice(e.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(`my.theme_${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
