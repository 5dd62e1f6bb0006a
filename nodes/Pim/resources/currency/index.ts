import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';

export const currency = resourceModule(
	{ value: 'currency', name: 'Currency' },
	[get, getAll],
	'getAll',
);
