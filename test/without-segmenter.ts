// A stand-in for Intl.Segmenter that fails a test which creates one: creating one costs about 20 ms, and
// the text a dashboard draws at start (ours and Ink's) must not need it.

/** Runs `action` with an Intl.Segmenter that throws when created. */
export function withoutSegmenter<T>(action: () => T): T {
  const intl = Intl as unknown as { Segmenter: unknown };
  const real = intl.Segmenter;
  intl.Segmenter = class {
    constructor() {
      throw new Error('a segmenter was created');
    }
  };
  try {
    return action();
  } finally {
    intl.Segmenter = real;
  }
}
