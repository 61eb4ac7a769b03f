import { useTranslation } from '../i18n/translation.tsx';
import { useLocation, useNavigate } from '../router/navigation.tsx';
import { backIcon } from '../components/icons.tsx';
import { useAppConfig } from '../hooks/useAppConfig.ts';
import type { ScreenKey } from '../router/screens.ts';

interface Props {
  readonly screen: ScreenKey | 'notfound';
  readonly back: boolean;
}

export function ScreenHeader({ screen, back }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useAppConfig();
  // Home carries the operator's brand; every other screen its own name.
  const title = screen === 'home' && config ? config.web_name : t(`screen.${screen}`);
  // A direct link has no history inside the app: back then means home.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <header className="topbar">
      {back ? (
        <button type="button" className="icon-button" aria-label={t('app.back')} onClick={() => void goBack()}>
          {backIcon}
        </button>
      ) : null}
      <h1 className="topbar__title">{title}</h1>
    </header>
  );
}
