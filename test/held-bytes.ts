// What the heap still holds, read after two collections (not what happens to be uncollected yet): the memory
// tests compare it before and after drawing.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export function heldBytes(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}
