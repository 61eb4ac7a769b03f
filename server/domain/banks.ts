/** Banks a member can bind a card of. A real deployment loads its own list. */
export const BANKS = [
  { code: 'VCB', name: 'Vietcombank' },
  { code: 'TCB', name: 'Techcombank' },
  { code: 'ACB', name: 'Asia Commercial Bank' },
  { code: 'BIDV', name: 'BIDV' },
  { code: 'ICBC', name: 'ICBC' },
  { code: 'BOC', name: 'Bank of China' },
  { code: 'HSBC', name: 'HSBC' },
  { code: 'CITI', name: 'Citibank' },
] as const;
