import { resourceModule } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';

export const family = resourceModule({ value: 'family', name: 'Family' }, [get, getAll], 'getAll');
