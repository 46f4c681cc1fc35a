// A y/N question that is about no row of the list (make a private network, delete a server's weekly schedule),
// as a screen's own dialog: what will happen, then `y` goes ahead and any other key answers no, as every y/N.
import type { ReactNode } from 'react';
import { YesNo } from '../components/Confirm.js';
import { displayWidth, truncate } from '../text.js';
import { DialogBox } from './dialogs.js';
import type { CustomDialog } from './spec.js';

interface Ask {
  question: string;
  /** what will happen, in plain words */
  consequence: string;
  onYes(): void;
  /** said in the status line when the answer is no */
  onNo(): void;
}

export function askDialog(ask: Ask): CustomDialog {
  // the border, the question, what will happen (wrapped: a line per 60 columns, 6 at most), the keys
  const rows = 2 + 1 + Math.min(6, Math.max(1, Math.ceil(displayWidth(ask.consequence) / 60))) + 1;
  return {
    rows,
    scopes: ['confirm'],
    render: ({ width, height, close }): ReactNode => {
      const inner = Math.max(10, width - 4);
      return (
        <DialogBox width={width} height={height} tone="warn">
          <YesNo
            question={truncate(ask.question, inner - 6)}
            consequence={ask.consequence}
            width={inner}
            onYes={() => {
              close();
              ask.onYes();
            }}
            onNo={() => {
              close();
              ask.onNo();
            }}
          />
        </DialogBox>
      );
    },
  };
}
