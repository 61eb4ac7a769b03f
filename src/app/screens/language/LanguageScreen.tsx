import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { LANGS } from '../../i18n/languages.ts';
import { useChangeLanguage } from '../../state/useChangeLanguage.ts';

export function LanguageScreen() {
  const { t } = useTranslation();
  const current = useLang();
  const change = useChangeLanguage();
  return (
    <form className="panel" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="choice-list">
        <legend>{t('lang.choose')}</legend>
        {LANGS.map((lang) => (
          <label key={lang} className="choice">
            <input type="radio" name="lang" value={lang} checked={current === lang} onChange={() => void change(lang)} />
            <span>{t(`lang.${lang}`)}</span>
          </label>
        ))}
      </fieldset>
    </form>
  );
}
