export * from './bench-line';
export * from './bench-lines';
export * from './bench-sizes';
export * from './cluster/test-cluster';
export * from './naive-loop';
export * from './soak/run-soak';
export * from './soak/soak-accounting';
export * from './soak/soak-options';
