import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'attribute',
	singular: 'attribute',
	plural: 'attributes',
	path: '/api/integration/attribute',
	paginated: true,
});
