// The private networks' state, declared with networks.ts: the networks and the VLANs that attach servers.
import { records, sameShape } from './collection.js';

export interface NetworkRec {
  id: number;
  network_id: number;
  name: string;
  user: string;
  active: boolean;
  created_at: number;
  deactivated_at: number | null;
}

export interface VlanRec {
  id: number;
  vlan_id: number;
  pvid: boolean;
  /** creating | ok | updating | deleting | deleted */
  status: string;
  active: boolean;
  created_at: number;
  deactivated_at: number | null;
  mac_address: string;
  network: string;
  server: string;
  user: string;
}

export const networksCollections = {
  networks: records<NetworkRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
  vlans: records<VlanRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
