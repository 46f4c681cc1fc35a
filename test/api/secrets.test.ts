// Secret redaction: the exact secrets and the forms they come back in (URL- and JSON-encoded), and nothing
// else: a short password is not blanked out of unrelated words that happen to contain it.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, registerSecret, scrub } from '../../src/api/index.js';
import { forgetSecret } from '../../src/api/secrets.js';

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
