// The catalogue is whole in both languages: the same keys, the same placeholders, nothing empty.
// (Each fault's own messages() are checked the same way, beside the faults' table.)
import { CATALOGUE } from './catalogue.js';
import { textsAreWhole } from '../../tests/support/texts.js';

textsAreWhole('the catalogue', CATALOGUE.en, CATALOGUE['zh-CN']);
