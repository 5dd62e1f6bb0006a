import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'relation',
	singular: 'relation',
	plural: 'relations',
	path: ENDPOINTS.relation,
	paginated: true,
});
