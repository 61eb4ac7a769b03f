/** The root route owns the config loader; screens read its data by this id. */
export const ROOT_ROUTE_ID = 'root';
