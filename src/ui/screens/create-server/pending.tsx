// What a wizard step shows while the list it needs is not there: loading, or the failure in the service's
// words with ⏎ to retry; and the keys of such a view.
import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { HoldKeys, PRIORITY, useKeys } from '../../keys.js';
import { CORE_KEYS } from '../../keymap.js';
import { color } from '../../theme.js';
import { loadFailure, type Remote } from './remote.js';

/**
 * Keys for a view that shows no list: ⏎ retries (when there is something to retry), esc goes back. While the
 * list is `loading`, the keys typed wait for it (esc still goes back at once): `c⏎⏎⏎web-3⏎` typed ahead of
 * the service chooses the first plan, location and image and names the server, as it does typed slowly.
 */
function KeyCatcher(props: { isActive: boolean; loading?: boolean; onBack(): void; onRetry?(): void }): ReactNode {
  useKeys(
    (input, key) => {
      // the wizard's dialog keys: esc (cancel on the plan step, a step back after it: `onBack` is which) and ⏎
      const id = CORE_KEYS.matchBinding(['dialog'], input, key);
      if (id === 'dialog.cancel') props.onBack();
      else if (id === 'dialog.submit') props.onRetry?.();
    },
    { active: props.isActive, priority: PRIORITY.dialog },
  );
  return props.loading === true && props.isActive ? <HoldKeys escape /> : null;
}

/**
 * A list from the service not there yet: loading, or its failure in the service's words (⏎ retries).
 * `escWord`: what esc does, said beside ⏎ retry where the footer does not say it (an extra's editor: `back`).
 */
export function Pending(props: { remote: Remote<unknown>; what: string; isActive: boolean; onBack(): void; escWord?: string }): ReactNode {
  const failed = props.remote.error !== undefined;
  return (
    <Box flexDirection="column">
      {failed ? (
        <>
          <Text color={color('error')} wrap="wrap">
            {loadFailure(props.what, props.remote.error ?? '')}
          </Text>
          <Text color={color('dim')}>{props.escWord === undefined ? '⏎ retry' : `⏎ retry  esc ${props.escWord}`}</Text>
        </>
      ) : (
        <Text color={color('dim')}>loading the {props.what}…</Text>
      )}
      <KeyCatcher isActive={props.isActive} loading={!failed} onBack={props.onBack} onRetry={failed ? props.remote.retry : undefined} />
    </Box>
  );
}
