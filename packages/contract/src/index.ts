export * from './envelope';
export * from './codes';
export * from './identity';
export * from './admin';
export * from './system';
export * from './ledger';
export * from './ws';
