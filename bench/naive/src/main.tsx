// The naive baseline of the main-thread benchmark: ?view=orderrecord or ?view=xq&id=N. Same CSS as the app.
import { createRoot } from 'react-dom/client';
import '../../../src/app/styles/base.css';
import '../../../src/app/styles/layout.css';
import '../../../src/app/market/market.css';
import { OrderRecord } from './OrderRecord.tsx';
import { Xq } from './Xq.tsx';

const params = new URLSearchParams(location.search);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <div className="app">
      <main className="screen">{params.get('view') === 'xq' ? <Xq id={Number(params.get('id'))} /> : <OrderRecord />}</main>
    </div>,
  );
}
