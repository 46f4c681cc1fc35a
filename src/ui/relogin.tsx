// Logging in again inside the dashboard. When a login's JWT has expired and no password is known (a profile
// that kept the JWT), or the one known is refused (changed elsewhere), the session's renewer asks here: a
// form with one masked field, drawn in place of the screen, which keeps everything the person was doing
// underneath. Requests waiting for the new token go on once it is typed; esc gives up, and they fail with
// "your login has expired".

import { useEffect, useState, type ReactNode } from 'react';
import type { Session } from '../session/session.js';
import type { PasswordRequest } from '../session/renewal.js';
import type { Nav } from './hooks/screen.js';
import { FormDialog } from './resource/FormDialog.js';
import type { FormSpec } from './resource/spec.js';

interface Pending {
  /** one per request, so each gets a fresh form */
  id: number;
  request: PasswordRequest;
  answer(password: string | null): void;
}

function passwordForm(p: Pending): FormSpec<never> {
  return {
    title: `Log in again as ${p.request.username}`,
    consequence:
      p.request.wait !== undefined
        ? `The service says: ${p.request.wait}. Type the password again then; nothing on screen is lost.`
        : p.request.refused
          ? 'The service no longer takes the password it had (was it changed?). Type the current one; nothing on screen is lost.'
          : 'Your login has expired. Type the password to go on; nothing on screen is lost.',
    fields: [{ id: 'password', label: 'Password', kind: 'secret' }],
    verb: 'log in',
    submit: async (values) => {
      p.answer(String(values.password));
    },
  };
}

/** The password form while the session asks for one, else null. Mounted once, in the shell. */
export function useRelogin(session: Session | null, width: number, height: number, nav?: Pick<Nav, 'idle'>): ReactNode {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    if (!session) return;
    let current: Pending | null = null;
    let asked = 0;
    session.askPassword = (request) =>
      new Promise<string | null>((resolve) => {
        current = {
          id: ++asked,
          request,
          answer: (password) => {
            current = null;
            setPending(null);
            resolve(password);
          },
        };
        setPending(current);
      });
    return () => {
      session.askPassword = null;
      current?.answer(null);
    };
  }, [session]);
  if (!pending || !session) return null;
  return (
    <FormDialog<never>
      // a new form for each request (the second refusal in a row too): a refused password is not shown again
      key={pending.id}
      form={passwordForm(pending)}
      ctx={{ session, client: session.client, params: {}, readOnly: false }}
      width={width}
      height={height}
      onDone={() => undefined}
      onCancel={() => pending.answer(null)}
      nav={nav}
    />
  );
}
