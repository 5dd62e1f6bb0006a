import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';

export const locale = resourceModule({ value: 'locale', name: 'Locale' }, [get, getAll], 'getAll');
