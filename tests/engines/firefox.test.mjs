// The release site in Firefox (see cases.mjs for what is checked, firefox.mjs for the driver).
import { engineSuite } from './cases.mjs';
import { launch } from './firefox.mjs';

engineSuite('Firefox', launch);
