// The moderation pages' way to the services (app/ reaches services/ only through *.server.ts modules).
export {
  listQuestionsForModeration,
  listReviewsForModeration,
} from "../../../../services/reviews/admin/moderation.ts";
