/**
 * The route modules of `/api/v1` by OpenAPI path (`[email]` in the file path is `{email}` here): the one
 * list the OpenAPI document (`GET /api/v1/openapi.json`) is generated from, through the declaration every
 * route() handler carries. `openapi.json` itself is not listed (it imports this file and adds its own
 * declaration); test/api/openapi.test.ts checks that the list matches the route.ts files on disk.
 */
import type { RouteModule } from '@/lib/server/http';
import * as authEmailLinkCallback from './auth/email-link/callback/route';
import * as authEmailLink from './auth/email-link/route';
import * as authGoogleCallback from './auth/google/callback/route';
import * as authGoogle from './auth/google/route';
import * as authLogout from './auth/logout/route';
import * as employeesEmployeeId from './employees/[employeeId]/route';
import * as employeesEmployeeIdServices from './employees/[employeeId]/services/route';
import * as facilityFacilityIdDateEmployeeEmailAppointmentsAvailable from './facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import * as facilityFacilityIdActivities from './facility/[facilityId]/activities/route';
import * as facilityFacilityIdActivitiesSeen from './facility/[facilityId]/activities/seen/route';
import * as facilityFacilityIdAppointments from './facility/[facilityId]/appointments/route';
import * as facilityFacilityIdAppointmentsIdWhatsapp from './facility/[facilityId]/appointments/[id]/whatsapp/route';
import * as facilityFacilityIdReportsAppointmentsCsv from './facility/[facilityId]/reports/appointments.csv/route';
import * as facilityFacilityIdReportsSummary from './facility/[facilityId]/reports/summary/route';
import * as facilityFacilityIdEmployeeEmployeeId from './facility/[facilityId]/employee/[employeeId]/route';
import * as facilityFacilityIdEmployeesEmployeeId from './facility/[facilityId]/employees/[employeeId]/route';
import * as facilityFacilityIdEmployeesEmployeeIdSpecialShiftsDate from './facility/[facilityId]/employees/[employeeId]/special-shifts/[date]/route';
import * as facilityFacilityIdEmployeesEmployeeIdSpecialShifts from './facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import * as facilityFacilityIdEmployees from './facility/[facilityId]/employees/route';
import * as facilityFacilityId from './facility/[facilityId]/route';
import * as facilityFacilityIdServicesServiceIdEmployees from './facility/[facilityId]/services/[serviceId]/employees/route';
import * as facilityFacilityIdServicesServiceId from './facility/[facilityId]/services/[serviceId]/route';
import * as facilityFacilityIdServicesOrder from './facility/[facilityId]/services/order/route';
import * as facilityFacilityIdServices from './facility/[facilityId]/services/route';
import * as facilityFacilityIdSettings from './facility/[facilityId]/settings/route';
import * as facilityFacilityIdWaitlist from './facility/[facilityId]/waitlist/route';
import * as facilityFacilityIdWaitlistIdOffers from './facility/[facilityId]/waitlist/[id]/offers/route';
import * as facilityFacilityIdWhatsapp from './facility/[facilityId]/whatsapp/route';
import * as facility from './facility/route';
import * as actionsToken from './actions/[token]/route';
import * as holds from './holds/route';
import * as schedulesAttendanceAppointment from './schedules/attendance/appointment/route';
import * as schedulesCancelAppointment from './schedules/cancel/appointment/route';
import * as schedulesDeleteLeave from './schedules/delete/leave/route';
import * as schedulesInsertAppointment from './schedules/insert/appointment/route';
import * as schedulesInsertLeave from './schedules/insert/leave/route';
import * as schedulesMoveAppointment from './schedules/move/appointment/route';
import * as session from './session/route';
import * as usersEmailAppointmentsPending from './users/[email]/appointments/pending/route';
import * as usersEmailExport from './users/[email]/export/route';
import * as usersEmailPhoneCode from './users/[email]/phone/code/route';
import * as usersEmailPhoneVerify from './users/[email]/phone/verify/route';
import * as usersEmailWaitlistId from './users/[email]/waitlist/[id]/route';
import * as usersEmailWaitlist from './users/[email]/waitlist/route';
import * as usersEmail from './users/[email]/route';
import * as usersPhonePhone from './users/phone/[phone]/route';
import * as users from './users/route';
import * as webhooksWhatsapp from './webhooks/whatsapp/route';

export const ROUTE_MODULES: Readonly<Record<string, RouteModule>> = {
  '/api/v1/auth/email-link': authEmailLink,
  '/api/v1/auth/email-link/callback': authEmailLinkCallback,
  '/api/v1/auth/google': authGoogle,
  '/api/v1/auth/google/callback': authGoogleCallback,
  '/api/v1/auth/logout': authLogout,
  '/api/v1/employees/{employeeId}': employeesEmployeeId,
  '/api/v1/employees/{employeeId}/services': employeesEmployeeIdServices,
  '/api/v1/facility': facility,
  '/api/v1/facility/{facilityId}': facilityFacilityId,
  '/api/v1/facility/{facilityId}/activities': facilityFacilityIdActivities,
  '/api/v1/facility/{facilityId}/activities/seen': facilityFacilityIdActivitiesSeen,
  '/api/v1/facility/{facilityId}/appointments': facilityFacilityIdAppointments,
  '/api/v1/facility/{facilityId}/appointments/{id}/whatsapp': facilityFacilityIdAppointmentsIdWhatsapp,
  '/api/v1/facility/{facilityId}/employee/{employeeId}': facilityFacilityIdEmployeeEmployeeId,
  '/api/v1/facility/{facilityId}/employees': facilityFacilityIdEmployees,
  '/api/v1/facility/{facilityId}/employees/{employeeId}': facilityFacilityIdEmployeesEmployeeId,
  '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts': facilityFacilityIdEmployeesEmployeeIdSpecialShifts,
  '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts/{date}': facilityFacilityIdEmployeesEmployeeIdSpecialShiftsDate,
  '/api/v1/facility/{facilityId}/reports/appointments.csv': facilityFacilityIdReportsAppointmentsCsv,
  '/api/v1/facility/{facilityId}/reports/summary': facilityFacilityIdReportsSummary,
  '/api/v1/facility/{facilityId}/services': facilityFacilityIdServices,
  '/api/v1/facility/{facilityId}/services/order': facilityFacilityIdServicesOrder,
  '/api/v1/facility/{facilityId}/services/{serviceId}': facilityFacilityIdServicesServiceId,
  '/api/v1/facility/{facilityId}/services/{serviceId}/employees': facilityFacilityIdServicesServiceIdEmployees,
  '/api/v1/facility/{facilityId}/settings': facilityFacilityIdSettings,
  '/api/v1/facility/{facilityId}/waitlist': facilityFacilityIdWaitlist,
  '/api/v1/facility/{facilityId}/waitlist/{id}/offers': facilityFacilityIdWaitlistIdOffers,
  '/api/v1/facility/{facilityId}/whatsapp': facilityFacilityIdWhatsapp,
  '/api/v1/facility/{facilityId}/{date}/{employeeEmail}/appointments/available': facilityFacilityIdDateEmployeeEmailAppointmentsAvailable,
  '/api/v1/actions/{token}': actionsToken,
  '/api/v1/holds': holds,
  '/api/v1/schedules/attendance/appointment': schedulesAttendanceAppointment,
  '/api/v1/schedules/cancel/appointment': schedulesCancelAppointment,
  '/api/v1/schedules/delete/leave': schedulesDeleteLeave,
  '/api/v1/schedules/insert/appointment': schedulesInsertAppointment,
  '/api/v1/schedules/insert/leave': schedulesInsertLeave,
  '/api/v1/schedules/move/appointment': schedulesMoveAppointment,
  '/api/v1/session': session,
  '/api/v1/users': users,
  '/api/v1/users/phone/{phone}': usersPhonePhone,
  '/api/v1/users/{email}': usersEmail,
  '/api/v1/users/{email}/appointments/pending': usersEmailAppointmentsPending,
  '/api/v1/users/{email}/export': usersEmailExport,
  '/api/v1/users/{email}/phone/code': usersEmailPhoneCode,
  '/api/v1/users/{email}/phone/verify': usersEmailPhoneVerify,
  '/api/v1/users/{email}/waitlist': usersEmailWaitlist,
  '/api/v1/users/{email}/waitlist/{id}': usersEmailWaitlistId,
  '/api/v1/webhooks/whatsapp': webhooksWhatsapp,
};
