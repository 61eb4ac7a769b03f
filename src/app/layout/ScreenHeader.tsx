import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router-dom';
import type { AppConfig } from '../../contract/common.ts';
import { BackIcon } from '../components/icons.tsx';
import { ROOT_ROUTE_ID } from '../router/routeIds.ts';
import type { ScreenKey } from '../router/screens.ts';

interface Props {
  readonly screen: ScreenKey | 'notfound';
  readonly back: boolean;
}

export function ScreenHeader({ screen, back }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useRouteLoaderData(ROOT_ROUTE_ID) as AppConfig | null | undefined;
  // Home carries the operator's brand; every other screen its own name.
  const title = screen === 'home' && config ? config.web_name : t(`screen.${screen}`);
  // A direct link has no history inside the app: back then means home.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <header className="topbar">
      {back ? (
        <button type="button" className="icon-button" aria-label={t('app.back')} onClick={() => void goBack()}>
          <BackIcon />
        </button>
      ) : null}
      <h1 className="topbar__title">{title}</h1>
    </header>
  );
}
