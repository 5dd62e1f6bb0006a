import { operationPicker } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';

export const familyDescription = operationPicker('family', [get, getAll], 'getAll');
