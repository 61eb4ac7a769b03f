import { createCountdownBoard, type CountdownBoard } from './countdownBoard.ts';
import { marketWorker } from './marketWorker.ts';

let board: CountdownBoard | null = null;

/** The app's one countdown board, on the shared market worker. */
export function countdownBoard(): CountdownBoard {
  board ??= createCountdownBoard({ worker: marketWorker });
  return board;
}
