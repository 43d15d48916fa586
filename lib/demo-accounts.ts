/** The demo accounts of the seeded tenant `klok` (sign in through the local OpenID provider). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@klok.demo', name: 'Lucía Martín', label: 'Administradora' },
  employee: { email: 'marcos@klok.demo', name: 'Marcos Ruiz', label: 'Estilista' },
  employee2: { email: 'sara@klok.demo', name: 'Sara López', label: 'Estilista' },
  client: { email: 'cliente@klok.demo', name: 'Ana García', label: 'Cliente' },
} as const;
