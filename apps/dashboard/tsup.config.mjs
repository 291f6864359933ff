import { appBundle } from '../../scripts/build/app-bundle.mjs';

export default appBundle({ entry: { main: 'src/main.ts', 'hash-password': 'src/hash-password-main.ts' } });
