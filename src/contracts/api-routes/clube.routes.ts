import type {
  AdminPlan,
  AdminSubscription,
  CancelSubscriptionAnswer,
  ClubeFigures,
  PlanInput,
  ProductPlans,
  PublicPlan,
  SubscribeAnswer,
  SubscribeBody,
  SubscriptionView,
} from '../subscriptions'
import { route } from '../api-route'

// The clube: public plans, subscribing and cancelling, and the admin's 'Clube' tab.
export const plans = route<PublicPlan[]>()('GET', '/api/plans')
export const plansForProduct = route<typeof ProductPlans>()('GET', '/api/plans/for-product/:id')
export const subscribe = route<typeof SubscribeAnswer, SubscribeBody>()(
  'POST',
  '/api/subscriptions',
)
export const mySubscriptions = route<SubscriptionView[]>()('GET', '/api/subscriptions/mine')
export const cancelSubscription = route<typeof CancelSubscriptionAnswer, { withdraw?: boolean }>()(
  'POST',
  '/api/subscriptions/:id/cancel',
)

export const adminPlans = route<AdminPlan[]>()('GET', '/api/admin/plans')
export const createPlan = route<AdminPlan, PlanInput>()('POST', '/api/admin/plans')
export const updatePlan = route<AdminPlan, PlanInput>()('PUT', '/api/admin/plans/:id')
export const deletePlan = route<{ deleted: boolean }>()('DELETE', '/api/admin/plans/:id')
export const uploadPlanImage = route<AdminPlan, FormData>()('POST', '/api/admin/plans/:id/image')
export const adminSubscriptions = route<AdminSubscription[]>()('GET', '/api/admin/subscriptions')
export const adminCancelSubscription = route<typeof CancelSubscriptionAnswer>()(
  'POST',
  '/api/admin/subscriptions/:id/cancel',
)
export const freePeriod = route<AdminSubscription>()(
  'POST',
  '/api/admin/subscriptions/:id/free-period',
)
export const clubeFigures = route<ClubeFigures>()('GET', '/api/admin/clube/figures')
