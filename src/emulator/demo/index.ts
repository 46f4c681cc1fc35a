// The demo account's lived-in estate, above every resource module: each seed uses what the ones before it made
// (servers need the groups; snapshots, VLANs and commitments need the servers), so the order is fixed here.
import type { Emu } from '../emu.js';
import { createGroup } from '../groups.js';
import { seedScripts, seedSshKeys } from './accounts.js';
import { seedCommitments } from './commitments.js';
import { seedEvents } from './events.js';
import { seedImages } from './images.js';
import { seedDemoVlans, seedNetworks } from './networks.js';
import { seedServers } from './servers.js';
import { numberActionsInTimeOrder } from './timeline.js';

export function seedDemo(emu: Emu, user: string): void {
  createGroup(emu, user, 'production');
  createGroup(emu, user, 'staging');
  seedSshKeys(emu, user);
  seedScripts(emu, user);
  seedNetworks(emu, user);
  seedServers(emu, user);
  seedImages(emu, user);
  seedDemoVlans(emu, user);
  seedCommitments(emu, user);
  seedEvents(emu, user);
  numberActionsInTimeOrder(emu, user);
}
