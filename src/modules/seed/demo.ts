/** The demo admin in data/seed.json: the credentials Medusa's docs use. */
export const DEMO_ADMIN = { email: 'admin@medusa-test.com', password: 'supersecret' } as const;
