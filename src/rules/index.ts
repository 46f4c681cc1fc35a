export * from './errors.js';
export * from './messages.js';
export * from './vlan.js';
export * from './env.js';
export * from './scripts.js';
export * from './reserved.js';
export * from './spot.js';
export * from './sshkey.js';
