"""Every decision that overrides or completes the model, one named function each, in the order the loop consults
them at each point (agent/decisions.py says what each point may decide). Each docstring names the kind of
small-model failure it handles; each has its own test (tests/test_policies.py) and a switch: `policies_off =
"NAME,..."` in the config file, or FILESAGE_POLICIES_OFF. bench/generalisation.py --ablate measures what each
one is worth with it switched off. A new rule: a function in the module of its point (in_code.py holds the first
calls that read one document in code), a line below, a test, and a benchmark run that shows it pays."""

from __future__ import annotations

from ..agent.decisions import (
    AFTER_STEP,
    ANSWER_CALL,
    BEFORE_ANSWER,
    EACH_CALL,
    FIRST_CALL,
    PLAN,
    PLANNED,
    Policy,
)
from ..errors import UsageError
from .after_step import (
    a_name_several_files_have_is_the_one_the_question_places,
    a_name_no_file_has_is_not_found,
    a_tables_row_is_read_for_the_date_asked,
    answer_after_a_found_result,
    documents_of_a_year_are_read,
    figures_over_a_tables_rows_are_computed_in_code,
    filesystem_answers_are_rendered,
    read_the_file_a_listing_picked,
    router_after_nothing_found,
    searches_in_the_folders_other_languages,
    the_file_a_search_found_is_looked_up,
)
from .before_answer import (
    answers_are_not_the_prompt_copied,
    answers_give_what_was_asked,
    answers_say_more_than_the_question,
    calls_where_the_answer_belongs_are_asked_again,
    claims_must_be_in_the_results,
    denials_must_hold,
    figures_come_from_the_line_asked_about,
    follow_ups_answer_about_what_they_name,
    not_found_is_said_plainly,
    one_value_asked_is_one_line_answered,
    summaries_give_what_the_file_states,
    totals_asked_are_added_in_code,
    what_no_file_mentions_is_not_found,
    a_month_asked_is_one_the_sources_are_of,
)
from .changes import a_change_a_line_states_is_computed_in_code
from .first_call import (
    a_document_the_question_names_is_the_one_searched,
    a_scope_no_one_asked_for_is_dropped,
    an_empty_respond_asks_for_words,
    each_file_combines_as_asked,
    each_file_reads_the_measure_counted,
    each_file_filters_are_the_questions,
    each_file_is_for_many_files,
    file_facts_do_not_answer_what_files_say,
    filesystem_calls_follow_the_question,
    no_answer_before_looking,
    questions_about_what_files_say_are_searched,
    router_when_no_usable_call,
    searches_keep_the_questions_words,
    the_same_for_another_time_is_the_question_before,
    unusable_calls_ask_for_the_answer,
)
from .follow_ups import follow_up_searches_keep_what_came_before, follow_ups_keep_the_file_type, follow_ups_look_where_the_answer_before_was_found
from .in_code import (
    a_figure_within_one_record_is_computed_from_its_table,
    a_programs_releases_are_counted_in_its_changelog,
    a_release_named_is_read_under_its_own_line,
    an_option_asked_is_read_where_its_manual_defines_it,
    an_option_described_is_searched_in_its_manual,
    rows_a_table_is_named_for_are_counted_in_code,
    the_newest_release_is_read_in_code,
    the_release_the_conversation_points_to_is_read,
    the_release_asked_is_searched_in_the_changelog,
    what_a_document_lists_is_counted_in_code,
)
from .parts import every_thing_asked_is_answered, what_is_asked_about_is_what_the_answer_is_from
from .roles import the_person_a_role_names_is_answered, the_person_asked_for_is_named_by_the_line_about_it
from .plan import (
    a_choice_between_two_is_made,
    a_file_found_by_rank_is_then_read,
    a_follow_up_asking_one_thing_is_one_look,
    answers_before_are_not_looked_up_again,
    a_share_of_one_thing_is_one_look,
    arithmetic_only_where_the_question_asks_it,
    lookups_keep_the_time_a_follow_up_points_to,
    lookups_keep_what_the_question_is_about,
    plans_name_only_what_was_said,
    several_looks_are_planned,
)


def at(point: str, *functions) -> list[Policy]:
    return [Policy(function.__name__, point, function) for function in functions]


# The order is the order of consultation: at FIRST_CALL each policy sees the call as the ones before it left it;
# at AFTER_STEP and ANSWER_CALL the first decision wins; at BEFORE_ANSWER a check's change goes on to the next.
ORDER: list[Policy] = [
    *at(PLAN,
        several_looks_are_planned),
    *at(PLANNED,
        plans_name_only_what_was_said,
        lookups_keep_the_time_a_follow_up_points_to,
        a_follow_up_asking_one_thing_is_one_look,
        a_share_of_one_thing_is_one_look,
        arithmetic_only_where_the_question_asks_it,
        a_choice_between_two_is_made,
        a_file_found_by_rank_is_then_read,
        lookups_keep_what_the_question_is_about,
        answers_before_are_not_looked_up_again),
    *at(FIRST_CALL,
        router_when_no_usable_call,
        no_answer_before_looking,
        the_same_for_another_time_is_the_question_before,
        filesystem_calls_follow_the_question,
        each_file_is_for_many_files,
        each_file_combines_as_asked,
        each_file_reads_the_measure_counted,
        each_file_filters_are_the_questions,
        questions_about_what_files_say_are_searched,
        searches_keep_the_questions_words,
        a_scope_no_one_asked_for_is_dropped,
        a_document_the_question_names_is_the_one_searched,
        follow_ups_keep_the_file_type,
        follow_up_searches_keep_what_came_before,
        follow_ups_look_where_the_answer_before_was_found,
        what_a_document_lists_is_counted_in_code,
        rows_a_table_is_named_for_are_counted_in_code,
        a_release_named_is_read_under_its_own_line,
        the_release_asked_is_searched_in_the_changelog,
        an_option_asked_is_read_where_its_manual_defines_it,
        an_option_described_is_searched_in_its_manual,
        the_newest_release_is_read_in_code,
        a_programs_releases_are_counted_in_its_changelog,
        the_release_the_conversation_points_to_is_read,
        a_figure_within_one_record_is_computed_from_its_table),
    *at(EACH_CALL,
        unusable_calls_ask_for_the_answer,
        an_empty_respond_asks_for_words,
        file_facts_do_not_answer_what_files_say),
    *at(AFTER_STEP,
        a_name_several_files_have_is_the_one_the_question_places,
        router_after_nothing_found,
        figures_over_a_tables_rows_are_computed_in_code,
        searches_in_the_folders_other_languages,
        read_the_file_a_listing_picked,
        the_file_a_search_found_is_looked_up,
        a_tables_row_is_read_for_the_date_asked,
        documents_of_a_year_are_read,
        a_name_no_file_has_is_not_found,
        filesystem_answers_are_rendered,
        answer_after_a_found_result),
    *at(ANSWER_CALL,
        calls_where_the_answer_belongs_are_asked_again),
    *at(BEFORE_ANSWER,
        answers_are_not_the_prompt_copied,
        not_found_is_said_plainly,
        what_no_file_mentions_is_not_found,
        a_month_asked_is_one_the_sources_are_of,
        what_is_asked_about_is_what_the_answer_is_from,
        denials_must_hold,
        follow_ups_answer_about_what_they_name,
        answers_give_what_was_asked,
        the_person_a_role_names_is_answered,
        the_person_asked_for_is_named_by_the_line_about_it,
        answers_say_more_than_the_question,
        one_value_asked_is_one_line_answered,
        every_thing_asked_is_answered,
        claims_must_be_in_the_results,
        figures_come_from_the_line_asked_about,
        totals_asked_are_added_in_code,
        a_change_a_line_states_is_computed_in_code,
        summaries_give_what_the_file_states),
]
NAMES = [policy.name for policy in ORDER]


def in_force(off: list[str] | tuple[str, ...] | set[str] = ()) -> list[Policy]:
    """The policies in order, without those switched off; an unknown name is a usage error."""
    unknown = sorted(set(off) - set(NAMES))
    if unknown:
        raise UsageError(f"unknown policy {', '.join(unknown)}; the policies are: {', '.join(NAMES)}")
    return [policy for policy in ORDER if policy.name not in set(off)]
