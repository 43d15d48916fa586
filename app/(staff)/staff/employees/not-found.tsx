import { EmployeeNotFound } from '@/components/employees/with-employee';

/** An unknown stylist (spec section 2, "Not-found screens"): Error. No se ha encontrado al empleado, HTTP 404. */
export default function EmployeeNotFoundPage() {
  return <EmployeeNotFound />;
}
