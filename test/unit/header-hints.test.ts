/**
 * Headers as other systems' exports write them (#71): a required mark or a hint in brackets is
 * what the header adds for the person filling it in, not the field's name; a unit or a currency
 * in brackets is left to the conventions that read it.
 */
import { withoutHint } from '../../nodes/Pim/resources/product/conventions';

it.each([
	['Name *', 'Name'],
	['Tags (x,y,z...)', 'Tags'],
	['Image URLs (x,y,z...)', 'Image URLs'],
	['Active (0/1)', 'Active'],
	['Available for order (0 = No, 1 = Yes)', 'Available for order'],
	['Available from (yyyy-mm-dd)', 'Available from'],
	['Name * (required)', 'Name * (required)'],
	['Reference # *', 'Reference #'],
	['Weight (kg)', 'Weight (kg)'],
	['Price (EUR)', 'Price (EUR)'],
	['*', '*'],
	['name', 'name'],
])('%j → %j', (header, name) => expect(withoutHint(header)).toBe(name));
