// The types the page needs from the worker layer, in one import-type-only module (the app may not import
// src/streams, and must not import worker code). Import with `import type` only.
export type { MarketWorkerApi } from './market.worker.ts';
export type {
  ClockMessage, ListDelta, OrdersMessage, ProductsMessage, Quote, QuoteMessage, Session, StatusMessage, SubscriptionHandle,
  TapeMessage, TapeTrade, TurnoverStats,
} from './messages.ts';
export type { Candle, CandleDelta } from '../streams/messages.ts';
export type { IntervalName } from '../streams/inputs.ts';
export type { CreateOrderParams, CreateOrderResult } from './orders.ts';
export type { PageParams } from './order-polls.ts';
export type { ResultsMessage } from './results.ts';
