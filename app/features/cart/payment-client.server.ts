// Who is paying, for the payment-attempt limits (services/payments/payment-attempts.ts).
import type { Visitor } from "../../../services/checkout/visitor-checkout.ts";
import type { PaymentClient } from "../../../services/payments/payment-attempts.ts";
import type { AppLoadContext } from "../../context.ts";

export function paymentClient(app: AppLoadContext, visitor: Visitor): PaymentClient {
  return {
    sessionId: visitor.sessionId,
    customerId: visitor.customerId,
    ip: app.clientIp ?? visitor.ipAddress ?? null,
  };
}
