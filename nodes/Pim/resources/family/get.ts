import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'family',
	singular: 'family',
	plural: 'families',
	path: ENDPOINTS.familyShow,
	idName: 'familyId',
	idDisplayName: 'Family',
	searchListMethod: 'searchFamilies',
	// The interface makes x-domain optional here: the token's own account is meant.
	request: { domainOptional: true },
});
