import { ComingSoon } from '../../components/ComingSoon.tsx';

// A later issue fills this screen (see decisions.md, Routes → screens).
export function ProductDetailScreen() {
  return <ComingSoon screen="xq" />;
}
