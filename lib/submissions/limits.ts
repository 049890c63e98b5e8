/** problems one refused file reports at most (each with line and field); the count says how many there were */
export const MAX_REPORTED_PROBLEMS = 50;
