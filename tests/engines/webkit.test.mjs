// The release site in WebKit (see cases.mjs for what is checked, webkit.mjs for the driver). Run
// under xvfb-run: the MiniBrowser has no headless mode.
import { engineSuite } from './cases.mjs';
import { launch } from './webkit.mjs';

engineSuite('WebKit', launch);
