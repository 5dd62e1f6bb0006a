import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'attribute',
	singular: 'attribute',
	plural: 'attributes',
	path: ENDPOINTS.attribute,
	paginated: true,
});
