import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot.tsx';
import { createApp } from './app/createApp.ts';

const container = document.getElementById('root');
if (container) {
  const app = await createApp();
  createRoot(container).render(
    <StrictMode>
      <AppRoot app={app} />
    </StrictMode>,
  );
}
