import { flushSync } from 'react-dom';
import { createCountdownBoard, type CountdownBoard } from './countdownBoard.ts';
import { marketWorker } from './marketWorker.ts';

let board: CountdownBoard | null = null;

/**
 * The app's one countdown board, on the shared market worker. The prices and trades it holds for a step render
 * at once (flushSync: the board runs them from a timer, never inside a render), so they paint in the step's frame.
 */
export function countdownBoard(): CountdownBoard {
  board ??= createCountdownBoard({ worker: marketWorker, together: flushSync });
  return board;
}
