// The server detail view's own keys: they switch its tabs and its metrics' range; the server keys of the
// list (servers.ts) act on the server shown. Apart from the view so the registry declares them at start-up.
import { char, type ScreenBinding } from '../keymatch.js';

export const SERVER_KEYS: readonly ScreenBinding[] = [
  { id: 'server.nextTab', keys: ['Tab', '→'], match: (_i, k) => (k.tab === true && !k.shift) || k.rightArrow === true, description: 'next tab', hint: 'tab', rank: 29 },
  { id: 'server.prevTab', keys: ['Shift+Tab', '←'], match: (_i, k) => (k.tab === true && k.shift === true) || k.leftArrow === true, description: 'previous tab', rank: 29 },
  { id: 'server.tab', keys: ['1…9'], match: char('1', '2', '3', '4', '5', '6', '7', '8', '9'), description: 'go to the tab of that number', rank: 60 },
  { id: 'server.rangeShorter', keys: ['['], match: char('['), description: 'Metrics: a shorter range (30d 7d 24h 6h 1h)', rank: 61 },
  { id: 'server.rangeLonger', keys: [']'], match: char(']'), description: 'Metrics: a longer range (1h 6h 24h 7d 30d)', rank: 62 },
];
