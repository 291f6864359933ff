import { appBundle } from '../../scripts/build/app-bundle.mjs';

export default appBundle();
