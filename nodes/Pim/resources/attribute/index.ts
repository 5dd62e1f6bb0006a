import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';

export const attribute = resourceModule(
	{ value: 'attribute', name: 'Attribute' },
	[get, getAll],
	'getAll',
);
