#include "crowd_experiments.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace normlab {

Normaliser standard_units_of(const Block& rows) {
    const Normaliser layer(rows.cols, batch_norm());
    const NormResponse r = layer.train(rows);
    return layer.with_running(r.mean, r.variance);
}

std::vector<TrainingPlanEntry> comparison_plan() {
    std::vector<TrainingPlanEntry> plan;
    for (std::size_t s = 0; s < crowd_seeds; ++s)
        for (Arrangement a : compared_arrangements)
            for (std::size_t f = 0; f < crowd_folds; ++f) plan.push_back({s, f, a});
    return plan;
}

std::vector<std::vector<std::size_t>> crowd_folds_for(std::size_t seed, std::size_t people) {
    require_cells(people, 1, "crowd");
    std::vector<std::size_t> order(people);
    for (std::size_t k = 0; k < people; ++k) order[k] = k;
    Random rng(0x5EED0000ULL + seed);
    for (std::size_t k = people; k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]); // Fisher-Yates
    std::vector<std::vector<std::size_t>> folds(crowd_folds);
    for (std::size_t k = 0; k < people; ++k) folds[k * crowd_folds / people].push_back(order[k]);
    return folds;
}

Random initial_weights_generator(std::size_t seed, std::size_t fold) {
    return Random(1000003ULL * (seed + 1) + 7919ULL * fold);
}

std::vector<TrainingResult> run_comparison(std::size_t begin, std::size_t end, const Crowd& crowd) {
    require_crowd(crowd);
    if (crowd.size() < crowd_folds)
        throw ShapeError("the crowd has " + std::to_string(crowd.size()) + " people but the " +
                         std::to_string(crowd_folds) + " folds hold out at least one each");
    const std::vector<TrainingPlanEntry> plan = comparison_plan();
    if (begin > end || end > plan.size())
        throw OptionError("the range [" + std::to_string(begin) + ", " + std::to_string(end) +
                          ") does not lie within the " + std::to_string(plan.size()) + " trainings");
    // The folds of one seed and arrangement train side by side; a piece of the plan may start or
    // end inside such a group.
    std::vector<TrainingResult> results;
    for (std::size_t k = begin; k < end;) {
        std::size_t group_end = k + 1;
        while (group_end < end && group_end - k < lockstep_lanes && plan[group_end].seed == plan[k].seed &&
               plan[group_end].arrangement == plan[k].arrangement)
            ++group_end;
        const std::vector<std::vector<std::size_t>> folds = crowd_folds_for(plan[k].seed, crowd.size());
        std::vector<CrowdTraining> trainings;
        std::vector<Block> heldout;
        std::vector<Crowd> held;
        for (std::size_t q = k; q < group_end; ++q) {
            const TrainingPlanEntry& p = plan[q];
            std::vector<std::size_t> training;
            for (std::size_t f = 0; f < folds.size(); ++f)
                if (f != p.fold) training.insert(training.end(), folds[f].begin(), folds[f].end());
            const Crowd train = crowd.subset(training);
            held.push_back(crowd.subset(folds[p.fold]));
            const Normaliser units = standard_units_of(train.measurements); // training rows only
            heldout.push_back(units.infer(held.back().measurements));
            Random rng = initial_weights_generator(p.seed, p.fold);
            trainings.push_back(
                {CrowdNetwork::initial(p.arrangement, rng), units.infer(train.measurements), train.labels});
        }
        const std::vector<TrainingRun> runs = train_crowd_networks(trainings, crowd_epochs, Recording::FinalLoss);
        for (std::size_t q = 0; q < trainings.size(); ++q) {
            const CrowdTraining& t = trainings[q];
            const TrainingPlanEntry& p = plan[k + q];
            const CrowdNetwork& net = runs[q].network;
            results.push_back({p.seed, p.fold, p.arrangement, accuracy(net.infer(t.x), t.labels),
                               correct_count(net.infer(heldout[q]), held[q].labels), held[q].size(),
                               runs[q].final_loss});
        }
        k = group_end;
    }
    return results;
}

namespace {

// requires: a result a training of the plan could have given; else OptionError or NonFiniteError.
void require_training_result(const TrainingResult& r, std::size_t k) {
    const std::string which = "training result " + std::to_string(k + 1);
    if (r.seed >= crowd_seeds || r.fold >= crowd_folds)
        throw OptionError(which + " names seed " + std::to_string(r.seed) + " and fold " + std::to_string(r.fold) +
                          "; seeds run from 0 to " + std::to_string(crowd_seeds - 1) + " and folds from 0 to " +
                          std::to_string(crowd_folds - 1));
    if (r.heldout_count == 0 || r.heldout_correct > r.heldout_count)
        throw OptionError(which + " has " + std::to_string(r.heldout_correct) + " of " +
                          std::to_string(r.heldout_count) +
                          " held-out people right; every fold holds someone out, and no more are right than held out");
    if (!(r.train_accuracy >= 0 && r.train_accuracy <= 1))
        throw OptionError(which + "'s train accuracy is " + format_number(r.train_accuracy) +
                          "; an accuracy lies in [0, 1]");
    require_finite(r.final_loss, which + "'s final loss");
    if (r.final_loss < 0)
        throw OptionError(which + "'s final loss is " + format_number(r.final_loss) +
                          "; a cross-entropy is never below 0");
}

} // namespace

std::vector<ArrangementSummary> summarise_comparison(const std::vector<TrainingResult>& results) {
    for (std::size_t k = 0; k < results.size(); ++k) require_training_result(results[k], k);
    std::vector<ArrangementSummary> out;
    std::vector<std::vector<double>> by_seed;      // per summary: each seed's held-out accuracy, NaN where absent
    std::vector<std::vector<double>> loss_by_seed; // per summary: each seed's mean final loss over its folds
    for (Arrangement a : compared_arrangements) {
        ArrangementSummary s{};
        s.arrangement = a;
        std::vector<double> correct(crowd_seeds, 0.0), people(crowd_seeds, 0.0), loss(crowd_seeds, 0.0),
            trainings(crowd_seeds, 0.0);
        std::vector<bool> seen(crowd_seeds, false);
        double count = 0;
        for (const TrainingResult& r : results) {
            if (r.arrangement != a) continue;
            s.train_accuracy += r.train_accuracy;
            s.final_loss += r.final_loss;
            count += 1;
            correct[r.seed] += static_cast<double>(r.heldout_correct);
            people[r.seed] += static_cast<double>(r.heldout_count);
            loss[r.seed] += r.final_loss;
            trainings[r.seed] += 1;
            seen[r.seed] = true;
        }
        if (count == 0) continue;
        s.train_accuracy /= count;
        s.final_loss /= count;
        std::vector<double> seeds(crowd_seeds, std::nan("")), losses(crowd_seeds, std::nan(""));
        for (std::size_t seed = 0; seed < crowd_seeds; ++seed)
            if (seen[seed]) {
                seeds[seed] = correct[seed] / people[seed];
                losses[seed] = loss[seed] / trainings[seed];
                s.heldout_by_seed.push_back(seeds[seed]);
                s.final_loss_by_seed.push_back(losses[seed]);
            }
        s.heldout = spread_of(s.heldout_by_seed);
        s.heldout_accuracy = s.heldout.mean;
        s.heldout_min = s.heldout.min;
        s.heldout_max = s.heldout.max;
        out.push_back(std::move(s));
        by_seed.push_back(std::move(seeds));
        loss_by_seed.push_back(std::move(losses));
    }
    // Each arrangement against the plain network, over the seeds both hold.
    if (out.empty() || out.front().arrangement != Arrangement::Plain) return out;
    for (std::size_t k = 1; k < out.size(); ++k) {
        std::vector<std::uint64_t> seeds;
        std::vector<bool> below, above, loss_above;
        for (std::size_t seed = 0; seed < crowd_seeds; ++seed) {
            const double plain = by_seed[0][seed], mine = by_seed[k][seed];
            if (std::isnan(plain) || std::isnan(mine)) continue;
            seeds.push_back(seed + 1);
            below.push_back(mine < plain);
            above.push_back(mine > plain);
            loss_above.push_back(loss_by_seed[k][seed] > loss_by_seed[0][seed]);
        }
        if (seeds.empty()) continue;
        out[k].below_plain = tally_of(seeds, below);
        out[k].above_plain = tally_of(seeds, above);
        out[k].loss_above_plain = tally_of(seeds, loss_above);
    }
    return out;
}

namespace {

CurveRun curve_run_of(Arrangement arrangement, TrainingRun run, const Block& x, const std::vector<double>& labels) {
    CurveRun c{arrangement,           std::move(run.losses), 0, run.final_loss, accuracy(run.network.infer(x), labels),
               std::move(run.records)};
    for (std::size_t e = 0; e < c.losses.size(); ++e)
        if (c.losses[e] < curve_threshold) {
            c.first_epoch_under = e + 1;
            break;
        }
    return c;
}

// The whole-crowd runs of the arrangements given, trained together (train_crowd_networks).
std::vector<CurveRun> whole_crowd_runs_of(const std::vector<Arrangement>& arrangements, std::size_t seed,
                                          const Crowd& crowd) {
    require_crowd(crowd);
    const Block x = standard_units_of(crowd.measurements).infer(crowd.measurements);
    std::vector<CrowdTraining> trainings;
    for (Arrangement a : arrangements) {
        Random rng = initial_weights_generator(seed, crowd_folds); // a stream no fold uses
        trainings.push_back({CrowdNetwork::initial(a, rng), x, crowd.labels});
    }
    std::vector<TrainingRun> runs = train_crowd_networks(trainings, crowd_epochs, Recording::Everything);
    std::vector<CurveRun> out;
    for (std::size_t k = 0; k < trainings.size(); ++k)
        out.push_back(curve_run_of(arrangements[k], std::move(runs[k]), x, crowd.labels));
    return out;
}

} // namespace

CurveRun whole_crowd_run(Arrangement arrangement, std::size_t seed, const Crowd& crowd) {
    return std::move(whole_crowd_runs_of({arrangement}, seed, crowd).front());
}

const CurveRun& WholeCrowdRuns::of(Arrangement arrangement) const {
    switch (arrangement) {
        case Arrangement::Plain:
            return plain;
        case Arrangement::Batch:
            return batch;
        case Arrangement::Layer:
            return layer;
        case Arrangement::Rms:
            return rms;
        case Arrangement::WeightNorm:
            return weight_norm;
        case Arrangement::Group:
            break;
    }
    throw OptionError(std::string("the whole-crowd runs hold no ") + arrangement_name(arrangement) +
                      " run; they are plain, batch, layer, rms and weightNorm");
}

WholeCrowdRuns whole_crowd_runs(std::size_t seed, const Crowd& crowd) {
    // Plain beside weightNorm and layer beside RMS: three lockstep runs instead of five.
    std::vector<CurveRun> dense = whole_crowd_runs_of({Arrangement::Plain, Arrangement::WeightNorm}, seed, crowd);
    std::vector<CurveRun> features = whole_crowd_runs_of({Arrangement::Layer, Arrangement::Rms}, seed, crowd);
    return {std::move(dense[0]), whole_crowd_run(Arrangement::Batch, seed, crowd), std::move(features[0]),
            std::move(features[1]), std::move(dense[1])};
}

TwoWays asked_two_ways(const CurveRun& run) {
    TwoWays t;
    for (const EpochRecord& e : run.records) {
        t.by_running.push_back(e.predicted_accuracy);
        t.by_batch.push_back(e.batch_accuracy);
        t.epochs_differing += e.predicted_accuracy != e.batch_accuracy;
    }
    return t;
}

CovariateShift covariate_shift(const CurveRun& run) {
    CovariateShift c;
    for (std::size_t k = 0; k < run.records.size(); ++k) {
        const EpochRecord& e = run.records[k];
        const std::string epoch = "epoch " + std::to_string(k + 1) + "'s ";
        require_same(e.unit_mean.size(), run.records.front().unit_mean.size(), epoch + "unit count",
                     "first epoch's unit count");
        require_same(e.unit_deviation.size(), e.unit_mean.size(), epoch + "deviation count", epoch + "unit count");
        if (!e.shift.empty())
            require_same(e.shift.size(), e.unit_mean.size(), epoch + "shift count", epoch + "unit count");
    }
    for (const EpochRecord& e : run.records) {
        c.unit_mean.push_back(e.unit_mean);
        c.unit_deviation.push_back(e.unit_deviation);
        for (std::size_t j = 0; j < e.shift.size(); ++j)
            c.largest_shift_gap = std::fmax(c.largest_shift_gap, std::fabs(e.unit_mean[j] - e.shift[j]));
    }
    if (c.unit_mean.empty()) return c;
    const std::vector<double>& first = c.unit_mean.front();
    const std::vector<double>& last = c.unit_mean.back();
    for (std::size_t j = 0; j < first.size(); ++j)
        c.largest_shift = std::fmax(c.largest_shift, std::fabs(last[j] - first[j]));
    for (std::size_t e = 1; e < c.unit_mean.size(); ++e)
        for (std::size_t j = 0; j < first.size(); ++j)
            c.largest_epoch_move =
                std::fmax(c.largest_epoch_move, std::fabs(c.unit_mean[e][j] - c.unit_mean[e - 1][j]));
    return c;
}

} // namespace normlab
