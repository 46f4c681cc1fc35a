// Secret redaction: the exact secrets and the forms they come back in (URL- and JSON-encoded), and nothing
// else: a short password is not blanked out of unrelated words that happen to contain it.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, registerSecret, scrub } from '../../src/api/index.js';
import { forgetSecret } from '../../src/api/secrets.js';
import { Auth } from '../../src/api/auth.js';
import { ServiceClock } from '../../src/api/service-clock.js';

const registered: string[] = [];
const secret = (value: string) => {
  registerSecret(value);
  registered.push(value);
  return value;
};
afterEach(() => {
  for (const s of registered.splice(0)) forgetSecret(s);
});

describe('scrub', () => {
  it('removes a password echoed URL-encoded (query or form) or JSON-escaped', () => {
    secret('p@ss w"rd/1');
    expect(scrub('GET /login?user=x&pw=p%40ss%20w%22rd%2F1 failed')).toBe('GET /login?user=x&pw=[redacted] failed');
    expect(scrub('body was user=x&pw=p%40ss+w%22rd%2F1')).toBe('body was user=x&pw=[redacted]');
    expect(scrub('{"note":"p@ss w\\"rd/1"}')).toBe('{"note":"[redacted]"}');
    expect(scrub('plain p@ss w"rd/1 echo')).toBe('plain [redacted] echo');
  });

  it('removes a token echoed URL-encoded, even inside a longer word', () => {
    const token = secret('Zm9v+YmFy/YmF6=cXV4LXRva2VuLXZhbHVl');
    expect(scrub(`next=%2Fcb%3Ftoken%3D${encodeURIComponent(token)}%26x`)).toBe('next=%2Fcb%3Ftoken%3D[redacted]%26x');
    expect(scrub(`prefix${token}suffix`)).toBe('prefix[redacted]suffix');
  });

  it('leaves unrelated text that merely contains a short password, and removes the password standing alone', () => {
    secret('demo');
    expect(scrub('server demo-web-1 at demo.example.com for demo@example.com (demos)')).toBe(
      'server demo-web-1 at demo.example.com for demo@example.com (demos)',
    );
    expect(scrub('wrong password demo.')).toBe('wrong password [redacted].');
    expect(scrub('user=demo&password2="demo"')).toBe('user=[redacted]&password2="[redacted]"');
  });

  it('applies to the errors the client builds', () => {
    secret('s3cr3t!');
    const err = new ApiError({ status: 400, method: 'post', path: '/x?pw=s3cr3t%21', message: 'bad value "s3cr3t!" for s3cr3t!-name' });
    expect(err.message).toBe('bad value "[redacted]" for s3cr3t!-name');
    expect(err.path).toBe('/x?pw=[redacted]');
  });
});

describe('a login kept alive all day', () => {
  // Renewed every hour (every 3 minutes in the demo), each JWT was kept among the secrets for as long as the
  // dashboard stayed open: the list, and the expression scrub builds of it, grew without end.
  const jwtLike = (n: number) => `eyJhbGciOiJIUzI1NiJ9.eyJuIjo${n}fQ.sig${String(n).padStart(40, 'x')}`;
  const opaque = (n: number) => `opaque-login-token-${String(n).padStart(24, '0')}`;

  it('keeps the current JWT and the one it replaced among the secrets, and lets the older ones go', () => {
    const auth = new Auth(new ServiceClock(), 5_000, 60_000);
    for (let n = 1; n <= 300; n++) auth.credential = { kind: 'jwt', token: opaque(n), expire: n * 3600 };
    registered.push(opaque(299), opaque(300));
    const text = (n: number) => `refused: ${opaque(n)}`;
    expect(scrub(text(300))).toBe('refused: [redacted]');
    // a request sent with the token just replaced may still be out, and its text come back
    expect(scrub(text(299))).toBe('refused: [redacted]');
    expect(scrub(text(1))).toBe(text(1));
    expect(scrub(text(298))).toBe(text(298));
  });

  it('still removes an old JWT wherever it comes back, by its shape', () => {
    const auth = new Auth(new ServiceClock(), 5_000, 60_000);
    for (let n = 1; n <= 5; n++) auth.credential = { kind: 'jwt', token: jwtLike(n), expire: n * 3600 };
    registered.push(jwtLike(4), jwtLike(5));
    expect(scrub(`sent ${jwtLike(1)} and ${encodeURIComponent(jwtLike(2))}`)).toBe('sent [redacted] and [redacted]');
  });

  it('never lets go of an API token, however often the credential is set again', () => {
    const auth = new Auth(new ServiceClock(), 5_000, 60_000);
    auth.credential = { kind: 'token', token: opaque(7) };
    registered.push(opaque(7));
    for (let n = 1; n <= 3; n++) auth.credential = { kind: 'jwt', token: opaque(100 + n), expire: n };
    registered.push(opaque(102), opaque(103));
    expect(scrub(opaque(7))).toBe('[redacted]');
  });
});
