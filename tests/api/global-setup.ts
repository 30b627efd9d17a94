import { prepareTemplate } from '../support/api-harness';

/** The migrated and seeded template every API test file starts from, built once before them. */
export default async function setup() {
  await prepareTemplate();
}
