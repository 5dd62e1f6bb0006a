import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';

export const family = resourceModule({ value: 'family', name: 'Family' }, [get, getAll], 'getAll');
