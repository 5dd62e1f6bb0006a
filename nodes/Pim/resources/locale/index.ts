import { operationPicker } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';

export const localeDescription = operationPicker('locale', [get, getAll], 'getAll');
